import { Card } from 'antd';
import { useState } from 'react';
import '../manager.css';
import { DeptPanel } from './DeptPanel';
import { useEmpMessages } from './messages';
import { UserTable } from './UserTable';

/** 员工与部门管理: the department tree on the left filters the employee table on the right. */
export default function EmployeeDepPage() {
  const t = useEmpMessages();
  const [deptId, setDeptId] = useState<number | undefined>();
  return (
    <Card title={t('title')}>
      <div className="manager-split">
        <div className="manager-side">
          <DeptPanel deptId={deptId} onSelect={setDeptId} />
        </div>
        <div className="manager-main">
          <UserTable deptId={deptId} />
        </div>
      </div>
    </Card>
  );
}
