import type { Actor, Rule } from '@taxi/shared';

/**
 * `allows(rule)` or `allows(rule, subject)`: does the signed-in user pass this shared rule? The same
 * rules the server checks before a command (packages/shared/src/policies), so a button the web shows
 * is one the server accepts. Pure, so it is testable without React.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: route rules are Rule<void> (core.ts); they take no subject.
export type Allows = <S>(rule: Rule<S>, ...subject: [S] extends [void] ? [] : [NoInfer<S>]) => boolean;

/** The rule checker of one actor; no actor (signed out) passes no rule. */
export function allowsFor(actor: Actor | null | undefined): Allows {
  return (rule, ...subject) => !!actor && rule.allows(actor, subject[0] as never);
}
