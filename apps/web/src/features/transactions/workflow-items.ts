import {
  transitionsFrom,
  type ProcessActor,
  type ProcessAlias,
  type ProcessTransition,
  type TransactionState,
  type TransitionName,
  type TransitionParam,
} from '@harbor/contracts/processes';
import { graphOf } from './process-model.ts';

/**
 * The order page's workflow items (buyer spec section 4: transition button,
 * custom dialog button, dialog button, gap, comment), built from the process
 * graph and the caller's side of the transaction. Nothing here names a
 * transition: which buttons show, whether they open a dialog and which fields
 * that dialog asks for all come from the graph's data.
 */

export interface WorkflowTransaction {
  processAlias: ProcessAlias;
  state: TransactionState;
  role: ProcessActor;
  protectedData: { comment: string | null; reason: string | null; validUntil: string | null };
  transitions: readonly { by: ProcessActor; transition: TransitionName }[];
}

export interface DialogField {
  param: TransitionParam;
  required: boolean;
}

export type WorkflowItem =
  | {
      kind: 'transition-button' | 'dialog-button' | 'custom-dialog-button';
      transition: TransitionName;
      tone: 'primary' | 'danger';
      /** The fields its dialog asks for (none for a plain transition button). */
      fields: DialogField[];
      /** Why it cannot be taken now (a quote past its validity waits for the server's expiry). */
      disabledReason?: 'expired';
    }
  | { kind: 'gap' }
  | { kind: 'comment'; param: 'comment' | 'reason'; actor: ProcessActor; text: string }
  /** Nobody on the caller's side can act: whose move it is (for the "waiting for" note). */
  | { kind: 'waiting'; actor: ProcessActor };

/** The dialog's fields: required parameters first, in the graph's order. */
export function dialogFields(transition: ProcessTransition): DialogField[] {
  return [
    ...(transition.requires ?? []).map((param) => ({ param, required: true })),
    ...(transition.accepts ?? []).map((param) => ({ param, required: false })),
  ];
}

/** Who wrote a protectedData text: the actor of the latest recorded transition that takes that parameter. */
function authorOf(tx: WorkflowTransaction, param: 'comment' | 'reason'): ProcessActor | null {
  const graph = graphOf(tx.processAlias);
  for (let i = tx.transitions.length - 1; i >= 0; i--) {
    const record = tx.transitions[i]!;
    const takes = graph.transitions.some(
      (t) => t.name === record.transition && (t.requires?.includes(param) || t.accepts?.includes(param)),
    );
    if (takes) return record.by;
  }
  return null;
}

export function workflowItems(tx: WorkflowTransaction, now: Date = new Date()): WorkflowItem[] {
  const graph = graphOf(tx.processAlias);
  const items: WorkflowItem[] = [];

  for (const param of ['comment', 'reason'] as const) {
    const text = tx.protectedData[param];
    const actor = text ? authorOf(tx, param) : null;
    if (text && actor) items.push({ kind: 'comment', param, actor, text });
  }

  const offered = transitionsFrom(graph, tx.state, tx.role).filter((t) => t.workflow);
  // A state the graph lets lapse at the quote's validity: past that moment only refusals stay open (the timer will expire it).
  const lapses = graph.transitions.some((t) => t.from === tx.state && t.after === 'quote-validity');
  const lapsed = lapses && tx.protectedData.validUntil !== null && Date.parse(tx.protectedData.validUntil) <= now.getTime();
  const button = (t: ProcessTransition): WorkflowItem => ({
    kind: t.workflow!,
    transition: t.name,
    tone: t.tone ?? 'primary',
    fields: t.workflow === 'transition-button' ? [] : dialogFields(t),
    ...(lapsed && t.tone !== 'danger' ? { disabledReason: 'expired' as const } : {}),
  });
  const forward = offered.filter((t) => (t.tone ?? 'primary') === 'primary').map(button);
  const refusals = offered.filter((t) => t.tone === 'danger').map(button);
  items.push(...forward);
  // A gap keeps the refusals apart from the steps forward, so a slip of the finger does not cancel an order.
  if (forward.length && refusals.length) items.push({ kind: 'gap' });
  items.push(...refusals);

  if (!offered.length) {
    const next = transitionsFrom(graph, tx.state).find((t) => t.workflow && !t.actors.includes(tx.role));
    const actor = next?.actors.find((a) => a === 'customer' || a === 'provider');
    if (actor) items.push({ kind: 'waiting', actor });
  }
  return items;
}
