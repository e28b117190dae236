import { SimpleGrid, Stack } from '@mantine/core';
import { SAVINGS_RANGES } from '@tokenwise/contracts';
import { type ReactNode, useState } from 'react';
import { ExportButton } from '../../components/export-button.tsx';
import { FormError } from '../../components/form-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { PeriodSelector } from '../../components/period-selector.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { savingsExportFileName, savingsExportPath } from './api/export-savings.ts';
import { type SavingsRange, useSavings } from './api/get-savings.ts';
import { BaselineConfigCard } from './components/baseline-config-card.tsx';
import { ProjectionCard } from './components/projection-card.tsx';
import { SavingsChart } from './components/savings-chart.tsx';
import { SavingsSummary } from './components/savings-summary.tsx';
import { StageAttribution } from './components/stage-attribution.tsx';

/** Savings against the baseline for 7, 30 or 90 days, the projection, and the A/B sample rate. */
export function SavingsScreen() {
  const [range, setRange] = useState<SavingsRange>('30d');
  const [exportError, setExportError] = useState<string | null>(null);
  const savings = useSavings(range);

  let body: ReactNode;
  if (savings.isPending) body = <PageLoader label="Loading savings..." />;
  else if (savings.isError) {
    body = <FormError message={errorMessage(savings.error, 'Failed to load savings data')} />;
  } else {
    const { summary, chart_data, projection } = savings.data;
    body = (
      <>
        <SavingsSummary summary={summary} />
        <SimpleGrid cols={{ base: 1, md: summary.by_stage ? 2 : 1 }}>
          <ProjectionCard projection={projection} />
          {summary.by_stage ? <StageAttribution byStage={summary.by_stage} /> : null}
        </SimpleGrid>
        <SavingsChart data={chart_data} />
      </>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title="Savings"
        actions={
          <>
            <PeriodSelector value={range} options={SAVINGS_RANGES} onChange={setRange} />
            <ExportButton
              label="Export Report"
              path={savingsExportPath(range)}
              fileName={savingsExportFileName()}
              errorText="Failed to export savings report"
              onError={setExportError}
            />
          </>
        }
      />
      <FormError message={exportError} />
      {body}
      <BaselineConfigCard />
    </Stack>
  );
}
