import type { Actor, EventPolicy, Rule } from '@taxi/shared';
import { CHAT_EVENT_POLICY, CHAT_EVENTS, CLIENT_EVENT_POLICY, CLIENT_EVENTS, EVENT_POLICY, EVENTS } from '@taxi/shared';

/**
 * The socket's side of the policies. Each event names its rule (packages/shared/src/realtime.ts); a socket joins,
 * for every rule an event of its namespace names, either `allow:<rule>` or `deny:<rule>`, from its session's rights.
 * An audience event goes to its rule's `allow:` room; an event for one user goes to that user's room except its
 * rule's `deny:` room; a redacted view goes to the `allow:` room of the rule except the `deny:` room of the view's
 * rule, and the view to the rest. The rooms are recomputed whenever the rights change (`refreshRights`).
 */
export const allowRoom = (rule: Pick<Rule<void>, 'name'>) => `allow:${rule.name}`;
export const denyRoom = (rule: Pick<Rule<void>, 'name'>) => `deny:${rule.name}`;
export const isRuleRoom = (room: string) => room.startsWith('allow:') || room.startsWith('deny:');

type PolicyTable = Readonly<Record<string, EventPolicy<never>>>;

/** Every rule an event of this table reads: its own, its view's and its followers'. */
function rulesOf(table: PolicyTable): Rule<void>[] {
  const byName = new Map<string, Rule<void>>();
  for (const policy of Object.values(table)) {
    for (const rule of [policy.rule, policy.redact?.unless, policy.followers]) if (rule) byName.set(rule.name, rule);
  }
  return [...byName.values()];
}

const MAIN_RULES = rulesOf(EVENT_POLICY as unknown as PolicyTable);
const CHAT_RULES = rulesOf(CHAT_EVENT_POLICY as unknown as PolicyTable);

/** The rule rooms of a main-namespace socket whose session has these rights. */
export const mainRuleRooms = (actor: Actor): string[] =>
  MAIN_RULES.map((rule) => (rule.allows(actor) ? allowRoom(rule) : denyRoom(rule)));
/** The rule rooms of a chat socket. */
export const chatRuleRooms = (actor: Actor): string[] =>
  CHAT_RULES.map((rule) => (rule.allows(actor) ? allowRoom(rule) : denyRoom(rule)));

const isRule = (value: unknown): value is Rule<void> =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Rule<void>).name === 'string' &&
  (value as Rule<void>).name !== '' &&
  typeof (value as Rule<void>).allows === 'function';

/**
 * Refuses to start when an event has no rule: every name of EVENTS, CHAT_EVENTS and CLIENT_EVENTS must have an
 * entry with a named rule and a delivery (the type system says so too; this holds for what runs).
 */
export function checkEventPolicies(): void {
  const missing: string[] = [];
  const tables: [Record<string, string>, Record<string, unknown>][] = [
    [EVENTS, EVENT_POLICY],
    [CHAT_EVENTS, CHAT_EVENT_POLICY],
    [CLIENT_EVENTS, CLIENT_EVENT_POLICY],
  ];
  for (const [names, table] of tables) {
    for (const name of Object.values(names)) {
      const policy = Object.hasOwn(table, name) ? (table[name] as Partial<EventPolicy<never>>) : undefined;
      const delivered = names === CLIENT_EVENTS || policy?.delivery === 'audience' || policy?.delivery === 'recipients';
      if (!policy || !isRule(policy.rule) || !delivered) missing.push(name);
      else if (policy.redact && (!isRule(policy.redact.unless) || typeof policy.redact.view !== 'function'))
        missing.push(`${name} (its view)`);
    }
  }
  if (missing.length) throw new Error(`Events without a rule: ${missing.join(', ')}`);
}
