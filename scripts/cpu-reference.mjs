// Prints how long a fixed piece of single-threaded work takes on this machine, in milliseconds:
// scripts/test-all.sh prints it beside the phase times, so that a slow run can be told apart from a
// slow machine (machines of one kind differ; bench/RESULTS.md, "npm test duration (issue 30.8)").
// The best of three runs, so a moment of contention does not count.
function work() {
  let x = 0;
  for (let i = 0; i < 100_000_000; i++) x = (x + i * 7) % 1_000_003;
  return x;
}

let best = Infinity;
for (let run = 0; run < 3; run++) {
  const started = process.hrtime.bigint();
  if (work() < 0) throw new Error('unreachable: keeps the loop from being removed');
  best = Math.min(best, Number(process.hrtime.bigint() - started) / 1e6);
}
console.log(Math.round(best));
