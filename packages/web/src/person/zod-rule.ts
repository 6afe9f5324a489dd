import type { Rule } from 'antd/es/form';

type Schema = { safeParse: (value: unknown) => { success: boolean } };

/**
 * An antd form rule that validates with the server's own zod schema and shows the message in
 * the interface language (the schema's messages are the server's Chinese).
 */
export const zodRule = (schema: Schema, message: string): Rule => ({
  validator: (_rule, value) => (schema.safeParse(value ?? '').success ? Promise.resolve() : Promise.reject(message)),
});
