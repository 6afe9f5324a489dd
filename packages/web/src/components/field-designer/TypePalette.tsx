import { designerFormTypes, type FormType } from '@crm/shared';
import { Button, Tooltip } from 'antd';
import { isRenderable } from '@/components/dynamic-form';
import { useLang } from '@/i18n';
import { formTypeName, useDesignerMessages } from './messages';

/** The types an administrator can add; CRM relations wait for the CRM module (no form can fill them yet). */
export function TypePalette({
  onAdd,
  types = designerFormTypes,
}: {
  onAdd: (formType: FormType) => void;
  types?: FormType[];
}) {
  const t = useDesignerMessages();
  const { lang } = useLang();
  return (
    <div className="fd-palette">
      {types.map((type) => {
        const ready = isRenderable(type);
        const button = (
          <Button
            key={type}
            block
            autoInsertSpace={false}
            disabled={!ready}
            onClick={() => onAdd(type)}
            data-testid={`fd-add-${type}`}
          >
            {formTypeName(type, lang)}
          </Button>
        );
        return ready ? (
          button
        ) : (
          <Tooltip key={type} title={t('crmLater')}>
            <span>{button}</span>
          </Tooltip>
        );
      })}
    </div>
  );
}
