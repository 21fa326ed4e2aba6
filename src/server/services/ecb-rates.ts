// The European Central Bank's euro foreign exchange reference rates, in the XML they publish
// (https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml, eurofxref-hist-90d.xml,
// eurofxref-hist.xml): a gesmes:Envelope whose Cube holds one Cube[@time] per publication day,
// each with Cube[@currency][@rate] = units of the currency per one euro.
//
// Read by a small parser that knows this one shape and nothing else: no DOCTYPE, no entities
// beyond XML's five, no CDATA, no unknown element or attribute. A file that differs in any way is
// refused as a whole, so a truncated or tampered download never imports part of a day.

export interface EcbDay {
  /** The publication date (YYYY-MM-DD). */
  date: string;
  /** Units of each currency per one euro, as published (decimal strings). */
  rates: Record<string, string>;
}

export interface EcbRates {
  /** gesmes:Sender/gesmes:name ("European Central Bank"). */
  sender: string;
  /** Newest first, as the ECB lists them. */
  days: EcbDay[];
}

/** A file that is not the ECB's reference rate XML. */
export class RateFeedError extends Error {
  override name = 'RateFeedError';
}

const GESMES_NS = 'http://www.gesmes.org/xml/2002-08-01';
const EUROFXREF_NS = 'http://www.ecb.int/vocabulary/2002-08-01/eurofxref';
/** Larger than the whole history since 1999 (about 6 MB would be; the 90-day file is ~40 KB). */
export const MAX_FEED_BYTES = 4 * 1024 * 1024;

interface XmlElement {
  name: string;
  attributes: Map<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&([a-z]+);|&/g, (match, name: string | undefined) => {
    const value = name ? ENTITIES[name] : undefined;
    if (value === undefined)
      throw new RateFeedError(`unsupported entity or bare '&' near ${match}`);
    return value;
  });
}

const NAME = '[A-Za-z_][A-Za-z0-9._:-]*';
const TAG = new RegExp(
  `<(/?)(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^"<]*"|'[^'<]*'))*)\\s*(/?)>`,
  'y',
);
const ATTRIBUTE = new RegExp(`(${NAME})\\s*=\\s*(?:"([^"<]*)"|'([^'<]*)')`, 'g');

/** The element tree of a document made only of elements, attributes, text and comments. */
function parseXml(source: string): XmlElement {
  let text = source.startsWith('\uFEFF') ? source.slice(1) : source;
  const declaration =
    /^<\?xml\s+version\s*=\s*["']1\.[0-9]["'](?:\s+encoding\s*=\s*["'](?:UTF-8|utf-8)["'])?(?:\s+standalone\s*=\s*["'](?:yes|no)["'])?\s*\?>/.exec(
      text,
    );
  if (declaration) text = text.slice(declaration[0].length);
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let at = 0;
  while (at < text.length) {
    const next = text.indexOf('<', at);
    const content = text.slice(at, next === -1 ? text.length : next);
    if (content) {
      const parent = stack[stack.length - 1];
      if (parent) parent.text += decode(content);
      else if (content.trim()) throw new RateFeedError('text outside the root element');
    }
    if (next === -1) break;
    if (text.startsWith('<!--', next)) {
      const end = text.indexOf('-->', next + 4);
      if (end === -1) throw new RateFeedError('unterminated comment');
      at = end + 3;
      continue;
    }
    if (text.startsWith('<!', next) || text.startsWith('<?', next))
      throw new RateFeedError('DOCTYPE, CDATA and processing instructions are not accepted');
    TAG.lastIndex = next;
    const tag = TAG.exec(text);
    if (!tag) throw new RateFeedError(`malformed tag at character ${next}`);
    at = TAG.lastIndex;
    const [, closing, name = '', attributeText = '', selfClosing] = tag;
    if (closing) {
      if (selfClosing || attributeText) throw new RateFeedError(`malformed closing tag </${name}>`);
      const open = stack.pop();
      if (open?.name !== name) throw new RateFeedError(`</${name}> closes <${open?.name ?? ''}>`);
      continue;
    }
    const element: XmlElement = { name, attributes: new Map(), children: [], text: '' };
    for (const [, key = '', double, single] of attributeText.matchAll(ATTRIBUTE)) {
      if (element.attributes.has(key)) throw new RateFeedError(`<${name}> repeats ${key}`);
      element.attributes.set(key, decode(double ?? single ?? ''));
    }
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(element);
    else if (root) throw new RateFeedError('more than one root element');
    else root = element;
    if (!selfClosing) stack.push(element);
  }
  if (stack.length) throw new RateFeedError(`<${stack[stack.length - 1]?.name}> is not closed`);
  if (!root) throw new RateFeedError('no root element');
  return root;
}

function expectElement(
  element: XmlElement | undefined,
  name: string,
  attributes: readonly string[] = [],
): XmlElement {
  if (element?.name !== name)
    throw new RateFeedError(`expected <${name}>, found <${element?.name ?? 'nothing'}>`);
  for (const key of element.attributes.keys())
    if (!attributes.includes(key))
      throw new RateFeedError(`<${name}> has an unknown attribute ${key}`);
  for (const key of attributes)
    if (!element.attributes.has(key)) throw new RateFeedError(`<${name}> has no ${key}`);
  return element;
}

/** Only whitespace between elements: text belongs in gesmes:subject and gesmes:name alone. */
function noText(element: XmlElement): void {
  if (element.text.trim()) throw new RateFeedError(`<${element.name}> holds text`);
}

function only(element: XmlElement, name: string): XmlElement {
  if (element.children.length !== 1)
    throw new RateFeedError(`<${element.name}> holds more than <${name}>`);
  return expectElement(element.children[0], name);
}

const isDate = (value: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
};

/** A positive decimal of at most 14 integer and 10 fractional digits (the stored precision). */
const RATE = /^(?!0+(?:\.0+)?$)\d{1,14}(?:\.\d{1,10})?$/;

/** The ECB reference rates in `xml`, or a RateFeedError saying what is wrong with the file. */
export function parseEcbRates(xml: string): EcbRates {
  if (xml.length > MAX_FEED_BYTES) throw new RateFeedError('the file is larger than a rate feed');
  const envelope = expectElement(parseXml(xml), 'gesmes:Envelope', ['xmlns:gesmes', 'xmlns']);
  if (
    envelope.attributes.get('xmlns:gesmes') !== GESMES_NS ||
    envelope.attributes.get('xmlns') !== EUROFXREF_NS
  )
    throw new RateFeedError('the envelope is not in the eurofxref namespaces');
  noText(envelope);
  const [subject, senderElement, outer, ...rest] = envelope.children;
  if (rest.length) throw new RateFeedError(`unexpected <${rest[0]?.name}> after the rates`);
  if (
    expectElement(subject, 'gesmes:subject').text.trim() !== 'Reference rates' ||
    subject?.children.length
  )
    throw new RateFeedError('the subject is not "Reference rates"');
  const sender = expectElement(senderElement, 'gesmes:Sender');
  noText(sender);
  const name = only(sender, 'gesmes:name');
  if (name.children.length || !name.text.trim()) throw new RateFeedError('the sender has no name');
  const cube = expectElement(outer, 'Cube');
  noText(cube);
  if (!cube.children.length) throw new RateFeedError('the file holds no publication day');
  const seenDays = new Set<string>();
  const days = cube.children.map((dayElement): EcbDay => {
    const day = expectElement(dayElement, 'Cube', ['time']);
    noText(day);
    const date = day.attributes.get('time') ?? '';
    if (!isDate(date)) throw new RateFeedError(`"${date}" is not a date`);
    if (seenDays.has(date)) throw new RateFeedError(`${date} appears twice`);
    seenDays.add(date);
    if (!day.children.length) throw new RateFeedError(`${date} has no rates`);
    const rates: Record<string, string> = {};
    for (const rateElement of day.children) {
      const entry = expectElement(rateElement, 'Cube', ['currency', 'rate']);
      if (entry.children.length) throw new RateFeedError(`a rate of ${date} holds elements`);
      noText(entry);
      const currency = entry.attributes.get('currency') ?? '';
      const rate = entry.attributes.get('rate') ?? '';
      if (!/^[A-Z]{3}$/.test(currency) || currency === 'EUR')
        throw new RateFeedError(`"${currency}" of ${date} is not a currency code`);
      if (currency in rates) throw new RateFeedError(`${currency} appears twice on ${date}`);
      if (!RATE.test(rate))
        throw new RateFeedError(`${currency} of ${date}: "${rate}" is not a rate`);
      rates[currency] = rate;
    }
    return { date, rates };
  });
  return { sender: name.text.trim(), days: days.sort((a, b) => b.date.localeCompare(a.date)) };
}
