/** What each language's text is handed: the table's limits, or the defaults. */
export interface RulesText {
  /** The total that ends the game (HL-13). */
  limit: number;
  /** The turns each after which a round stops (HL-14). */
  turns: number;
  /** Whether these are the table's own settings (else the text says tables may change them). */
  table: boolean;
}
