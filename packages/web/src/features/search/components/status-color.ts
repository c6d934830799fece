/** The badge colour of each address status in search results (as the IP view shows them). */
export const statusColor = { Available: 'green', 'In Use': 'blue', Reserved: 'orange' } as const;
