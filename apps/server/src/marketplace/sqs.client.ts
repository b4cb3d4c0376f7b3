import {
  DeleteMessageCommand,
  type Message,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';

/**
 * The queue Amazon delivers notifications to, read with the official AWS SDK (`@aws-sdk/client-sqs`,
 * AWS JSON 1.0 protocol, SigV4). The same code reads Amazon SQS and the loopback simulator
 * (`simulator/sim-sqs.ts`): only the endpoint and the credentials differ.
 */

/** Where a queue is and how to sign requests to it. */
export interface SqsQueueSetting {
  queueUrl: string;
  region: string;
  /** Unset: the SDK's default chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Another endpoint than AWS's (the simulator). */
  endpoint?: string;
}

/** One queue's client. */
export class SqsQueue {
  readonly client: SQSClient;

  constructor(readonly setting: SqsQueueSetting) {
    this.client = new SQSClient({
      region: setting.region,
      ...(setting.endpoint ? { endpoint: setting.endpoint } : {}),
      ...(setting.credentials ? { credentials: setting.credentials } : {}),
      maxAttempts: 3,
    });
  }

  /** ReceiveMessage with long polling (`waitSeconds` 0-20); the messages are hidden for `visibilitySeconds`. */
  async receive(o: {
    max?: number;
    waitSeconds: number;
    visibilitySeconds: number;
    signal?: AbortSignal;
  }): Promise<Message[]> {
    const r = await this.client.send(
      new ReceiveMessageCommand({
        QueueUrl: this.setting.queueUrl,
        MaxNumberOfMessages: o.max ?? 10,
        WaitTimeSeconds: o.waitSeconds,
        VisibilityTimeout: o.visibilitySeconds,
        MessageSystemAttributeNames: ['ApproximateReceiveCount'],
      }),
      o.signal ? { abortSignal: o.signal } : {},
    );
    return r.Messages ?? [];
  }

  /** DeleteMessage by the receipt handle of its latest receipt. */
  async delete(receiptHandle: string): Promise<void> {
    await this.client.send(new DeleteMessageCommand({ QueueUrl: this.setting.queueUrl, ReceiptHandle: receiptHandle }));
  }

  /** SendMessage (tests and tools; Amazon sends the notifications itself). */
  async send(body: string): Promise<string> {
    const r = await this.client.send(new SendMessageCommand({ QueueUrl: this.setting.queueUrl, MessageBody: body }));
    return r.MessageId ?? '';
  }

  /** Closes the client's connections. */
  close(): void {
    this.client.destroy();
  }
}
