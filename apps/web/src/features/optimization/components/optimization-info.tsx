import { List } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Notice } from '../../../components/notice.tsx';

export function OptimizationInfo() {
  return (
    <Notice color="blue" icon={IconInfoCircle} title="How optimization works">
      <List size="sm" spacing={4}>
        <List.Item>
          Conservative optimization is lossless: it removes only noise and never changes what a
          prompt says.
        </List.Item>
        <List.Item>
          The original prompt of every request is logged next to its optimized version, so you can
          compare them on the request details page.
        </List.Item>
        <List.Item>Changes take effect immediately, from the very next request.</List.Item>
      </List>
    </Notice>
  );
}
