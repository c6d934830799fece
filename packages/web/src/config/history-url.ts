import { createSerializer, parseAsString } from 'nuqs';
import { paths } from './paths.js';

/** The History screen's filters in its URL (`/history?subnetId=&userId=`); empty is "all". */
export const historyParams = {
  subnetId: parseAsString.withDefault(''),
  userId: parseAsString.withDefault(''),
};

const serializeHistory = createSerializer(historyParams);

/** A link to the History screen, filtered. */
export function historyPath(values: { subnetId?: string; userId?: string }): string {
  return serializeHistory(paths.history, values);
}
