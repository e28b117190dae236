import { Code } from '@mantine/core';
import { FormError } from '../../../components/form-error.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { usePiiConfig } from '../api/get-pii-config.ts';
import { PiiRedactionForm } from './pii-redaction-form.tsx';
import { SettingsSection } from './settings-section.tsx';

export function PiiRedactionSection({ canManage }: { canManage: boolean }) {
  const config = usePiiConfig();
  return (
    <SettingsSection
      title="PII Redaction"
      description={
        <>
          Before a prompt leaves the gateway, each personal value found in it is replaced with a
          numbered placeholder such as <Code>[EMAIL_REDACTED_1]</Code>, so the provider never sees
          it. The originals are restored in the response before it reaches your application. Text is
          read, tool-call arguments included; images and files are sent as they are.
        </>
      }
    >
      {config.data ? (
        <PiiRedactionForm saved={config.data} canManage={canManage} />
      ) : config.isError ? (
        <FormError message={errorMessage(config.error, 'Failed to load PII redaction settings')} />
      ) : (
        <PageLoader />
      )}
    </SettingsSection>
  );
}
