export const List = () => null;
export const Create = () => null;
export const Edit = () => null;
