/** Loading and error lines shown inside a screen, so a failed request never leaves the app. */
import { Box, Text } from 'ink';
import Spinner from 'ink-spinner';
import type { ReactNode } from 'react';
import type { Resource } from '../use-resource.js';

export function Loading({ label = 'Carregando' }: { label?: string }) {
  return (
    <Text color="cyan">
      <Spinner type="dots" /> {label}…
    </Text>
  );
}

export function ErrorLine({ message }: { message: string }) {
  return (
    <Text color="red" wrap="wrap">
      Erro: {message} (r tenta de novo)
    </Text>
  );
}

/**
 * Renders a resource: the spinner until the first answer, the error inline (keeping older data visible
 * below it), and `children(data)` once there is data.
 */
export function ResourceView<T>({
  resource,
  label,
  children,
}: {
  resource: Resource<T>;
  label?: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <Box flexDirection="column">
      {resource.error !== undefined && <ErrorLine message={resource.error} />}
      {resource.data === undefined
        ? resource.loading && <Loading {...(label ? { label } : {})} />
        : children(resource.data)}
    </Box>
  );
}
