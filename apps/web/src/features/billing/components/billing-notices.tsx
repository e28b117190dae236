import { Alert } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';

interface BillingNoticesProps {
  /** The subscription guard's message, when it sent the user here. */
  subscriptionMessage: string | null;
  checkoutSucceeded: boolean;
  /** The local billing provider has no portal of its own and sends the user back here. */
  returnedFromLocalPortal: boolean;
}

export function BillingNotices({
  subscriptionMessage,
  checkoutSucceeded,
  returnedFromLocalPortal,
}: BillingNoticesProps) {
  return (
    <>
      {subscriptionMessage ? (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title="Subscription Required"
        >
          {subscriptionMessage}
        </Alert>
      ) : null}
      {checkoutSucceeded ? (
        <Alert
          color="green"
          variant="light"
          icon={<IconCircleCheck size={18} />}
          title="Checkout complete"
        >
          Your subscription is active. Every screen of the dashboard is now open to you.
        </Alert>
      ) : null}
      {returnedFromLocalPortal ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
          This server handles billing itself, so there is no external billing portal: the plan
          renews every month on its own.
        </Alert>
      ) : null}
    </>
  );
}
