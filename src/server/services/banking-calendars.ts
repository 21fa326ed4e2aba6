// The days the payment systems we write for are closed, as published by their operators:
// - TARGET2 / T2 (euro; also the ECB's reference-rate days): weekends, 1 January, Good Friday,
//   Easter Monday, 1 May, 25 and 26 December (ECB, "TARGET closing days").
// - The Federal Reserve's ACH (FedACH): weekends and the Federal Reserve holidays; a holiday that
//   falls on a Sunday is observed the Monday after, one on a Saturday is not moved (the Fed's
//   holiday schedule).
// Dates are ISO calendar dates (YYYY-MM-DD), read in UTC.

export type Calendar = 'TARGET' | 'FEDACH';

const DAY_MS = 86_400_000;

const toDay = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const fromDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);
const ymd = (year: number, month: number, date: number): string =>
  fromDay(Date.UTC(year, month - 1, date) / DAY_MS);

/** Easter Sunday of the Gregorian calendar (the anonymous Gregorian computus). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const date = ((h + l - 7 * m + 114) % 31) + 1;
  return ymd(year, month, date);
}

/** The `nth` (1-based) `weekday` (0 = Sunday) of a month; `nth` -1 is the last one. */
function nthWeekday(year: number, month: number, weekday: number, nth: number): string {
  if (nth > 0) {
    const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
    return ymd(year, month, 1 + ((weekday - first + 7) % 7) + (nth - 1) * 7);
  }
  const lastDate = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const last = new Date(Date.UTC(year, month - 1, lastDate)).getUTCDay();
  return ymd(year, month, lastDate - ((last - weekday + 7) % 7));
}

function targetHolidays(year: number): string[] {
  const easter = toDay(easterSunday(year));
  return [
    ymd(year, 1, 1),
    fromDay(easter - 2),
    fromDay(easter + 1),
    ymd(year, 5, 1),
    ymd(year, 12, 25),
    ymd(year, 12, 26),
  ];
}

function fedHolidays(year: number): string[] {
  // Fixed-date holidays falling on a Sunday are observed on the Monday.
  const observed = (month: number, date: number): string => {
    const day = ymd(year, month, date);
    return new Date(`${day}T00:00:00Z`).getUTCDay() === 0 ? fromDay(toDay(day) + 1) : day;
  };
  return [
    observed(1, 1),
    nthWeekday(year, 1, 1, 3), // Birthday of Martin Luther King, Jr.
    nthWeekday(year, 2, 1, 3), // Washington's Birthday
    nthWeekday(year, 5, 1, -1), // Memorial Day
    observed(6, 19), // Juneteenth
    observed(7, 4),
    nthWeekday(year, 9, 1, 1), // Labor Day
    nthWeekday(year, 10, 1, 2), // Columbus Day
    observed(11, 11), // Veterans Day
    nthWeekday(year, 11, 4, 4), // Thanksgiving Day
    observed(12, 25),
  ];
}

const holidayCache = new Map<string, Set<string>>();
function holidays(calendar: Calendar, year: number): Set<string> {
  const key = `${calendar}:${year}`;
  let days = holidayCache.get(key);
  if (!days) {
    days = new Set(calendar === 'TARGET' ? targetHolidays(year) : fedHolidays(year));
    holidayCache.set(key, days);
  }
  return days;
}

/** A weekday on which the calendar's system is closed. */
export function isHoliday(calendar: Calendar, date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && holidays(calendar, Number(date.slice(0, 4))).has(date);
}

/** Whether the system settles on `date` (not a weekend, not a holiday). */
export function isOpen(calendar: Calendar, date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isHoliday(calendar, date);
}

/** The first open day on or after `date` (`after`: strictly after it). */
export function openDayFrom(calendar: Calendar, date: string, after = false): string {
  let day = toDay(date) + (after ? 1 : 0);
  while (!isOpen(calendar, fromDay(day))) day++;
  return fromDay(day);
}

/** Weekday holidays of the calendar after `from` up to and including `to`. */
export function holidaysBetween(calendar: Calendar, from: string, to: string): number {
  let count = 0;
  for (let day = toDay(from) + 1; day <= toDay(to); day++) {
    if (isHoliday(calendar, fromDay(day))) count++;
  }
  return count;
}
