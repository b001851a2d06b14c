declare module 'maildev' {
  interface MailDevOptions {
    smtp?: number;
    web?: number;
    ip?: string;
    disableWeb?: boolean;
    silent?: boolean;
    noOpen?: boolean;
  }
  class MailDev {
    constructor(options?: MailDevOptions);
    listen(callback?: (error?: Error) => void): void;
    close(callback?: (error?: Error) => void): void;
    on(event: 'new', listener: (email: { subject?: string; to?: { address: string }[] }) => void): void;
  }
  export default MailDev;
}
