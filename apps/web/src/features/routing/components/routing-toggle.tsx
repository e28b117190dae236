import { Badge, Group, Switch } from '@mantine/core';
import type { RoutingDraftState } from '../hooks/use-routing-draft.ts';

/** The enable switch: it only changes the draft; Save Configuration sends it (spec section 4). */
export function RoutingToggle({ form, disabled }: { form: RoutingDraftState; disabled: boolean }) {
  const enabled = form.draft?.enabled ?? false;
  return (
    <Group gap="sm">
      {form.unsaved ? (
        <Badge color="orange" variant="light">
          Save to apply
        </Badge>
      ) : null}
      <Switch
        size="md"
        label="Smart routing"
        checked={enabled}
        disabled={disabled || form.draft === null}
        onChange={(event) => form.change({ enabled: event.currentTarget.checked })}
      />
    </Group>
  );
}
