import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryId,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

type Listener = () => void;

/** The tables an UPDATE or DELETE node writes to (its target and, for DELETE, its FROM list). */
function writtenTables(node: OperationNode, out: Set<string>): void {
  const n = node as OperationNode & {
    table?: OperationNode;
    from?: { froms: readonly OperationNode[] };
    with?: { expressions: readonly { expression: OperationNode }[] };
  };
  if (n.kind === 'UpdateQueryNode' && n.table) addTable(n.table, out);
  if (n.kind === 'DeleteQueryNode') for (const f of n.from?.froms ?? []) addTable(f, out);
  for (const cte of n.with?.expressions ?? []) writtenTables(cte.expression, out);
}

function addTable(node: OperationNode, out: Set<string>): void {
  const n = node as OperationNode & { table?: { identifier?: { name?: string } }; node?: OperationNode };
  if (n.kind === 'AliasNode' && n.node) addTable(n.node, out);
  else if (n.kind === 'TableNode' && n.table?.identifier?.name) out.add(n.table.identifier.name);
}

/**
 * A Kysely plugin that calls listeners after an UPDATE or DELETE on a watched table has run
 * (inside its transaction, if any). Used to drop this process's caches of rows at once;
 * other processes learn of changes through NOTIFY triggers. Raw `sql` statements are not seen.
 */
export class WriteWatchPlugin implements KyselyPlugin {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly pending = new WeakMap<QueryId, Set<string>>();

  /** Calls `fn` after each write to `table`; returns the unsubscribe function. */
  on(table: string, fn: Listener): () => void {
    let set = this.listeners.get(table);
    if (!set) {
      set = new Set();
      this.listeners.set(table, set);
    }
    set.add(fn);
    return () => set.delete(fn);
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const kind = args.node.kind;
    if (this.listeners.size && (kind === 'UpdateQueryNode' || kind === 'DeleteQueryNode' || 'with' in args.node)) {
      const tables = new Set<string>();
      writtenTables(args.node, tables);
      const watched = [...tables].filter((t) => this.listeners.has(t));
      if (watched.length) this.pending.set(args.queryId, new Set(watched));
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const tables = this.pending.get(args.queryId);
    if (tables) {
      this.pending.delete(args.queryId);
      for (const t of tables) for (const fn of this.listeners.get(t) ?? []) fn();
    }
    return args.result;
  }
}
