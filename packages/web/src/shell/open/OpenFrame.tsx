import { App } from 'antd';
import type { ReactNode } from 'react';
import { AntdProvider } from '../antd-provider';

/** An open page's frame: antd's theme, locale and message context, without the signed-in shell. */
export default function OpenFrame({ children }: { children: ReactNode }) {
  return (
    <AntdProvider>
      <App>{children}</App>
    </AntdProvider>
  );
}
