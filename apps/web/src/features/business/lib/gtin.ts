// GS1 check digit: from the right of the body, digits weigh 3, 1, 3, …; the last digit makes the
// weighted sum a multiple of ten. The database checks the same (private.gtin_check_digit_ok).
export function gtinCheckDigitOk(gtin: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(gtin)) return false;
  const body = gtin.slice(0, -1);
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const fromRight = body.length - 1 - i;
    sum += Number(body[i]) * (fromRight % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10 === Number(gtin.at(-1));
}
