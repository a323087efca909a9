/** What an action did, or why it was refused. */
export type Feedback = { ok: boolean; text: string };

/** A result line placed right after the control that caused it (announced there by screen readers too). */
export function Result({ value }: { value: Feedback | null }) {
  return (
    <p className={value?.ok === false ? 'erro' : 'sucesso'} role="status">
      {value?.text}
    </p>
  );
}
