// Minimal types for the parts of autocannon the benchmark uses (the package ships none).
declare module 'autocannon' {
  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      setupRequest?: (req: Request, context: Record<string, unknown>) => Request;
      onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
    }
    interface Options {
      url: string;
      connections: number;
      duration: number;
      method: string;
      headers: Record<string, string>;
      body: string;
      requests: Request[];
      workers: number;
    }
    interface Histogram {
      average: number;
      p50: number;
      p99: number;
    }
    interface Result {
      requests: Histogram;
      latency: Histogram;
      errors: number;
      timeouts: number;
      non2xx: number;
    }
  }
  function autocannon(opts: Partial<autocannon.Options> & { url: string }): Promise<autocannon.Result>;
  export default autocannon;
}
