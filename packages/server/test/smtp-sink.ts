/** A mail server on loopback that keeps what it receives: the tests' inbox (server and browser tests). */
export interface SmtpSink {
  url: string;
  messages: { to: string[]; raw: string }[];
  close(): Promise<void>;
}

/** Starts an SMTP sink on 127.0.0.1 with a free port (no TLS, no auth). */
export async function startSmtpSink(): Promise<SmtpSink> {
  const { SMTPServer } = await import('smtp-server');
  const messages: SmtpSink['messages'] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve) => {
    const listener = server.listen(0, '127.0.0.1', () => {
      const address = listener.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
