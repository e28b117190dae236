import { Alert } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';

export function SecurityNotice() {
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconShieldLock size={18} />}
      title="Keep your API keys secure"
    >
      Treat API keys like passwords: keep them secret, rotate them regularly, and never put them in
      client-side code such as web pages or mobile apps. If a key may have leaked, delete it and
      create a new one.
    </Alert>
  );
}
