/** A word of dhcpd.leases: a bare word, a quoted string (unescaped) or one of the punctuation marks. */
export type DhcpdToken =
  | { readonly kind: 'word'; readonly text: string }
  | { readonly kind: 'string'; readonly text: string }
  | { readonly kind: '{' | '}' | ';' };

/** Puts back dhcpd's escapes in a quoted string: `\"`, `\\` and octal bytes such as `\001`. */
function unescapeDhcpd(body: string): string {
  if (!body.includes('\\')) return body;
  const bytes: number[] = [];
  for (let index = 0; index < body.length; index++) {
    const character = body[index] ?? '';
    if (character !== '\\') {
      bytes.push(...Buffer.from(character, 'utf8'));
      continue;
    }
    const octal = /^[0-7]{3}/.exec(body.slice(index + 1, index + 4));
    if (octal !== null) {
      bytes.push(Number.parseInt(octal[0], 8) & 0xff);
      index += 3;
    } else {
      bytes.push(...Buffer.from(body[index + 1] ?? '', 'utf8'));
      index += 1;
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * The tokens of one line of dhcpd.leases. A `#` outside a string starts a comment; dhcpd escapes every
 * newline inside a string, so a string never spans lines (an unterminated one ends with its line).
 */
export function tokensOfLine(line: string): DhcpdToken[] {
  const tokens: DhcpdToken[] = [];
  let index = 0;
  while (index < line.length) {
    const character = line[index] ?? '';
    if (character === '#') break;
    if (character === ' ' || character === '\t') {
      index++;
    } else if (character === '{' || character === '}' || character === ';') {
      tokens.push({ kind: character });
      index++;
    } else if (character === '"') {
      let end = index + 1;
      while (end < line.length && line[end] !== '"') end += line[end] === '\\' ? 2 : 1;
      tokens.push({ kind: 'string', text: unescapeDhcpd(line.slice(index + 1, Math.min(end, line.length))) });
      index = end + 1;
    } else {
      const word = /^[^\s{};"#]+/.exec(line.slice(index))?.[0] ?? character;
      tokens.push({ kind: 'word', text: word });
      index += word.length;
    }
  }
  return tokens;
}
