// GET /home/getProductInfo: benefits and products of both plans and the free-plan steps.
import { CommercePaths, type ProductInfo } from '@labstat/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../api-client';

export const fetchProductInfo = () => request<ProductInfo>(CommercePaths.productInfo);
export const productInfoQuery = queryOptions({ queryKey: ['commerce', 'product-info'], queryFn: fetchProductInfo });
export const useProductInfo = () => useQuery(productInfoQuery);
