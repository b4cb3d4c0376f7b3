/** The few extension APIs the plugin uses (no @types/chrome dependency). */
declare namespace chrome {
  namespace runtime {
    function sendMessage<T = unknown>(message: unknown): Promise<T>;
    function openOptionsPage(): Promise<void>;
    const onMessage: {
      addListener(
        cb: (message: unknown, sender: unknown, sendResponse: (response: unknown) => void) => boolean | undefined,
      ): void;
    };
  }
  namespace storage {
    const local: {
      get(keys: string[]): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
    };
  }
}
