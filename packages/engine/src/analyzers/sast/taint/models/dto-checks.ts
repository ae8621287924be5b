// class-validator decorators on a DTO's fields (NestJS's ValidationPipe applies them before the handler runs): what a
// field can still hold once its check passed.
import type { Taint, Value } from '../value';
import { CLEAN, sanitize } from '../value';

/** Checks that leave an id, a number, a boolean, a date or a member of a fixed set: no free text. */
const FORMAT = /^(IsInt|IsNumber|IsNumberString|IsBoolean|IsBooleanString|IsUUID|IsEnum|IsIn|IsDate|IsDateString|IsISO8601|IsHexadecimal|IsAlphanumeric|IsAlpha|IsNumeric|IsMongoId|IsPositive|IsNegative|Min|Max|IsPort|IsHash|IsHexColor|IsLocale|IsCurrency|IsSemVer|IsTimeZone|IsLatitude|IsLongitude|IsLatLong|IsDecimal|IsISO31661Alpha2|IsISO4217CurrencyCode)\s*\(/;

/**
 * A whole-value pattern of identifier characters (`^[a-zA-Z0-9_-]*$`, `/^\w{3,50}$/`): no separator, dot, quote or
 * markup can pass it.
 */
function identifierPattern(decorator: string): boolean {
  const m = /^Matches\s*\(\s*(?:\/\^((?:\\.|[^/])*)\$\/[a-z]*|(['"`])\^((?:\\.|(?!\2).)*)\$\2)/.exec(decorator);
  const body = m?.[1] ?? m?.[3];
  if (body === undefined) return false;
  const unit = String.raw`(\[(?:[a-zA-Z0-9_ ]|-|\\w|\\d|\\-|\\_)+\]|\\w|\\d|[a-zA-Z0-9_])`;
  const quant = String.raw`(\*|\+|\?|\{\d+(,\d*)?\})?`;
  return new RegExp(`^(${unit}${quant})+$`).test(body);
}

/** What a field with these decorators holds when the request passed validation (undefined: as sent). */
export function checkedField(t: Taint, decorators: readonly string[]): Value | undefined {
  if (decorators.some((d) => FORMAT.test(d) || identifierPattern(d))) return CLEAN;
  // a string check rules out the objects a query operator needs
  if (decorators.some((d) => /^IsString\s*\(/.test(d))) return { t: sanitize(t, ['nosql']) };
  return undefined;
}
