import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SettingsSection } from './settings-section.tsx';

/** Static by spec: notifications are configured per alert, so this points there. */
export function NotificationsSection() {
  return (
    <SettingsSection
      title="Notifications"
      description="How the gateway tells you about spending and errors."
    >
      <Text size="sm">
        Email and webhook notifications are set up per alert: budget limits, cost spikes, error
        rates and token quotas each choose their own channels and throttling.
      </Text>
      <Anchor component={Link} to="/alerts" size="sm">
        Manage alerts and notifications
      </Anchor>
    </SettingsSection>
  );
}
