import { IconShieldLock } from '@tabler/icons-react';
import { Notice } from '../../../components/notice.tsx';

export function SecurityNotice() {
  return (
    <Notice color="yellow" icon={IconShieldLock} title="Keep your API keys secure">
      Treat API keys like passwords: keep them secret, rotate them regularly, and never put them in
      client-side code such as web pages or mobile apps. If a key may have leaked, delete it and
      create a new one.
    </Notice>
  );
}
