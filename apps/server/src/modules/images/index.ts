export { imagesRoutes, readSingleFile, registerMultipart, uploadError } from './images.routes.ts';
export { findImageAssets, findImageRows, imageAssetSql, importStaticImage, storeImage, toImageAsset, type ImagePurpose } from './images.service.ts';
