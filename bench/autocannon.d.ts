// The few parts of autocannon's programmatic API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  interface AutocannonRequest {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string
    setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest
  }
  interface AutocannonOptions {
    url: string
    connections?: number
    duration?: number
    amount?: number
    headers?: Record<string, string>
    requests?: AutocannonRequest[]
  }
  interface Histogram {
    average: number
    mean: number
    p50: number
    p90: number
    p99: number
    max: number
  }
  interface AutocannonResult {
    requests: Histogram & { total: number }
    latency: Histogram
    errors: number
    timeouts: number
    non2xx: number
    '2xx': number
  }
  function autocannon(options: AutocannonOptions): Promise<AutocannonResult>
  export default autocannon
}
