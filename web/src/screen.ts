/**
 * `/t/<id>?screen`: the table for a screen everyone in a room faces (a TV, a laptop). It watches,
 * whatever seat this browser holds there, and offers nothing to press but the rules.
 */
export const onScreen = (): boolean => new URLSearchParams(location.search).has('screen');
