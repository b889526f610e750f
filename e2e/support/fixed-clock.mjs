// Issue 30, test support only: preloaded into the built server by e2e/support/server.ts
// (`node --import <this file> apps/server/dist/main.js`) when a scenario runs on a chosen day. It
// moves the process's wall clock to the instant in CIMIENTO_TEST_NOW (an ISO 8601 instant): `Date.now()`
// and `new Date()` start there and then run at the real pace; a Date made from a value, Date.UTC and
// Date.parse are untouched, and so are timers, process.hrtime and performance.now (what measures
// durations). The product never loads this file and has no switch for it.
const instant = Date.parse(process.env.CIMIENTO_TEST_NOW ?? '');
if (Number.isNaN(instant)) {
  throw new Error(`fixed-clock.mjs: CIMIENTO_TEST_NOW no es un instante ISO 8601: ${process.env.CIMIENTO_TEST_NOW}`);
}

const RealDate = globalThis.Date;
const offset = instant - RealDate.now();
const now = () => RealDate.now() + offset;

/** Date, with "now" moved; called without `new`, it gives the moved now's text, as Date() does. */
function ShiftedDate(...args) {
  if (new.target === undefined) return new RealDate(now()).toString();
  // new.target: a subclass of Date (`class … extends Date`) keeps its prototype
  return Reflect.construct(RealDate, args.length === 0 ? [now()] : args, new.target);
}
Object.setPrototypeOf(ShiftedDate, RealDate);
ShiftedDate.prototype = RealDate.prototype;
ShiftedDate.now = now;
globalThis.Date = ShiftedDate;
