// The run's size, from the environment knobs described in scripts/bench.ts.
export const jobCount = Number(process.env.BENCH_JOBS ?? 100_000);
export const duration = Number(process.env.BENCH_DURATION ?? 10);
export const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const warmup = Math.min(3, duration);
export const distDir = '.next-bench';
