/** What every domain event has: a `type` naming what happened, in the domain's words (`PagePublished`). */
export interface DomainEvent {
  readonly type: string;
}

/**
 * The one way an aggregate records its domain events (docs/adr/0041): a method that changes state calls `record`,
 * and the repository that saves the aggregate pulls them, in the same transaction, to map them to the outbox.
 * Delivery is not one of these: it is event sourced, and its decider returns the events that are its state.
 */
export abstract class AggregateRoot<E extends DomainEvent> {
  private recorded: E[] = [];

  /** Records `event` for the repository and returns it. */
  protected record<T extends E>(event: T): T {
    this.recorded.push(event);
    return event;
  }

  /** The events recorded since the last call, oldest first; the next call starts over. */
  pullEvents(): E[] {
    const events = this.recorded;
    this.recorded = [];
    return events;
  }
}
