import { QueryRejectedError, QuerySnapshotError } from '../warehouse/query/errors.js';
import { parseSnapshotId } from '../warehouse/snapshot-id.js';
import { CliError } from './cli-error.js';
import { EXIT } from './exit-codes.js';

/** `--snapshot ID` of the commands that read a snapshot: its padded id, null when not given. */
export function snapshotOption(text: string | undefined): string | null {
  if (text === undefined) return null;
  const id = parseSnapshotId(text);
  if (id === null) throw new CliError(`id de snapshot inválido: "${text}"`, EXIT.usage);
  return id;
}

/** Awaits a read of a snapshot, its expected failures turned into one line and the documented exit code. */
export async function snapshotErrors<T>(read: Promise<T>, other: (err: unknown) => unknown = (e) => e): Promise<T> {
  try {
    return await read;
  } catch (err) {
    if (err instanceof QuerySnapshotError)
      throw new CliError(err.message, err.missing === 'nenhum' ? EXIT.notReady : EXIT.notFound);
    if (err instanceof QueryRejectedError) throw new CliError(err.message, EXIT.invalidInput);
    throw other(err);
  }
}
