import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

interface SearchBoxProps {
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}

/** The search field above a server-searched list; the caller debounces what it sends. */
export function SearchBox({ placeholder, value, onChange }: SearchBoxProps) {
  return (
    <TextInput
      type="search"
      aria-label={placeholder}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      maxLength={254}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
