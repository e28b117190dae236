import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { FILTER_TEXT_MAX_CHARS } from '@tokenwise/contracts';
import { type AnalyticsFilters, FILTER_PROVIDERS } from '../analytics-filters.ts';

const CACHE_OPTIONS = [
  { value: 'hit', label: 'Cache hit' },
  { value: 'miss', label: 'Cache miss' },
];
const STATUS_OPTIONS = [
  { value: 'success', label: 'Success' },
  { value: 'error', label: 'Error' },
];

interface RequestFiltersProps {
  filters: AnalyticsFilters;
  onChange: (filters: AnalyticsFilters) => void;
  onClear: () => void;
}

/** The recent-requests filters; every change applies at once (typed text after a short pause). */
export function RequestFilters({ filters, onChange, onClear }: RequestFiltersProps) {
  const set = <K extends keyof AnalyticsFilters>(key: K, value: AnalyticsFilters[K]) =>
    onChange({ ...filters, [key]: value });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 6 }} role="search" aria-label="Request filters">
      <Select
        label="Provider"
        placeholder="All providers"
        data={FILTER_PROVIDERS}
        value={filters.provider || null}
        onChange={(v) => set('provider', (v ?? '') as AnalyticsFilters['provider'])}
        clearable
      />
      <TextInput
        label="Model"
        placeholder="e.g. gpt-4o-mini"
        value={filters.model}
        maxLength={FILTER_TEXT_MAX_CHARS}
        onChange={(e) => set('model', e.currentTarget.value)}
      />
      <Select
        label="Cache status"
        placeholder="Hit or miss"
        data={CACHE_OPTIONS}
        value={filters.cache_status || null}
        onChange={(v) => set('cache_status', (v ?? '') as AnalyticsFilters['cache_status'])}
        clearable
      />
      <Select
        label="Status"
        placeholder="Success or error"
        data={STATUS_OPTIONS}
        value={filters.status || null}
        onChange={(v) => set('status', (v ?? '') as AnalyticsFilters['status'])}
        clearable
      />
      <TextInput
        label="Search"
        placeholder="Prompt or model"
        value={filters.search}
        maxLength={FILTER_TEXT_MAX_CHARS}
        onChange={(e) => set('search', e.currentTarget.value)}
      />
      <Group align="flex-end">
        <Button variant="subtle" onClick={onClear}>
          Clear Filters
        </Button>
      </Group>
    </SimpleGrid>
  );
}
