/**
 * How a board kept in this browser is named: `local:` and a UUID. Apart from the database's code,
 * so a page can tell such a board from the service's without loading the vault.
 */
export const LOCAL_BOARD_PREFIX = 'local:';

export const isLocalBoardId = (id: string): boolean => id.startsWith(LOCAL_BOARD_PREFIX);
