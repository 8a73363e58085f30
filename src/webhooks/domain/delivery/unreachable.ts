/** Exhaustiveness guard for the decider's switches. */
export function unreachable(x: never): never {
  throw new Error(`unhandled: ${JSON.stringify(x)}`);
}
