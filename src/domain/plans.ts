/** The commercial plans (spec "Plans"); API access, quotas and webhook limits are all decided by these names. */
export const PLANOS = ['free', 'pro', 'enterprise'] as const;
export type Plano = (typeof PLANOS)[number];

export function isPlano(value: unknown): value is Plano {
  return typeof value === 'string' && (PLANOS as readonly string[]).includes(value);
}
