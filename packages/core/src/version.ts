/** IP versions the product handles. */
export type IpVersion = 4 | 6;
