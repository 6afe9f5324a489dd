import { Card, Col, Row, Tabs } from 'antd';
import { personMessages } from './messages';
import { PasswordForm } from './PasswordForm';
import { ProfileCard } from './ProfileCard';
import { ProfilePanel } from './ProfilePanel';

/** Personal center (/person/index): my card with the picture, my profile, my password. */
export default function PersonPage() {
  const t = personMessages();
  return (
    <div style={{ maxWidth: 1120, margin: '0 auto' }}>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <ProfileCard />
        </Col>
        <Col xs={24} lg={16}>
          <Card variant="borderless">
            <Tabs
              items={[
                { key: 'profile', label: t('profile'), children: <ProfilePanel /> },
                { key: 'password', label: t('password'), children: <PasswordForm /> },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
