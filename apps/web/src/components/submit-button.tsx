import { Button } from '@mantine/core';

interface SubmitButtonProps {
  label: string;
  /** Shown instead of the label while the call runs ('Signing in...'). */
  pendingLabel: string;
  pending: boolean;
  disabled?: boolean;
}

/** A form's full-width submit button; it cannot be pressed twice while the call runs. */
export function SubmitButton({
  label,
  pendingLabel,
  pending,
  disabled = false,
}: SubmitButtonProps) {
  return (
    <Button type="submit" fullWidth disabled={disabled || pending}>
      {pending ? pendingLabel : label}
    </Button>
  );
}
