// One choice of the account page's selects: the master data's id and its text.
export type Choice = { readonly value: number; readonly text: string }
