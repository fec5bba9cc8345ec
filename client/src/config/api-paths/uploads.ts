export const uploads = '/api/uploads';
