import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, type FormInstance } from 'antd';
import { type SchemaLike, type ToInput, validateWithSchema } from '@/components/form/zod-rules';
import { useCommonMessages } from './messages';

/**
 * The save of an employee, department or role form: checked with the shared schema first (each
 * issue under its field), then 新增成功 / 编辑成功, the system queries (organisation, roles)
 * refreshed and the form closed. `modalProps` are what a dialog form's Modal takes besides its title.
 */
export function useOrgSave<T, R>({
  form,
  schema,
  toInput,
  fieldOf,
  isEdit,
  send,
  onSaved,
  onClose,
}: {
  form: FormInstance;
  schema: SchemaLike<T>;
  toInput?: ToInput;
  /** Schema key → form field, where they differ. */
  fieldOf?: Record<string, string>;
  isEdit: boolean;
  send: (body: T) => Promise<R>;
  onSaved?: (result: R) => void;
  onClose: () => void;
}) {
  const c = useCommonMessages();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: send,
    onSuccess: (result) => {
      message.success(isEdit ? c('editSuccess') : c('addSuccess'));
      void queryClient.invalidateQueries({ queryKey: ['system'] });
      onSaved?.(result);
      onClose();
    },
  });
  const submit = async () => {
    const body = await validateWithSchema(form, schema, toInput, fieldOf);
    if (body) save.mutate(body);
  };
  return {
    submit,
    saving: save.isPending,
    modalProps: {
      onCancel: onClose,
      onOk: submit,
      okText: c('save'),
      confirmLoading: save.isPending,
      forceRender: true,
    },
  };
}
