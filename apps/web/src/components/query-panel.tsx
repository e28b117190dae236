import { Loader } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from './load-error.tsx';
import { Panel } from './panel.tsx';

/** A panel showing one query's answer: a small spinner while it loads, the error and Retry if it fails. */
export function QueryPanel<T>({
  title,
  query,
  fallback,
  children,
}: {
  title: ReactNode;
  query: UseQueryResult<T>;
  /** The message when the server gave none. */
  fallback: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <Panel title={title}>
      {query.isPending ? (
        <Loader size="sm" />
      ) : query.isError ? (
        <LoadError load={query} fallback={fallback} />
      ) : (
        children(query.data)
      )}
    </Panel>
  );
}
