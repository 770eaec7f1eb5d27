/** What each language's text is handed: the table's target, or none for the rules' own. */
export interface RulesText {
  /** The total that ends the game at this table (SN-13); null: the rules' own, by packs. */
  target: number | null;
}
