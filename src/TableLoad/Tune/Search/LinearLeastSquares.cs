namespace TableLoad.Tune.Search;

/// <summary>Ordinary least squares for a handful of columns: the coefficients that minimise Σ(y − Σ cᵢ·xᵢ)².</summary>
internal static class LinearLeastSquares
{
    /// <returns>One coefficient per column; null when the columns are linearly dependent on these rows.</returns>
    public static double[]? Solve(IReadOnlyList<Func<double, double>> columns, IReadOnlyList<double> xs, IReadOnlyList<double> ys)
    {
        var k = columns.Count;
        var normal = new double[k, k + 1];
        for (var row = 0; row < xs.Count; row++)
        {
            for (var i = 0; i < k; i++)
            {
                var xi = columns[i](xs[row]);
                for (var j = 0; j < k; j++)
                {
                    normal[i, j] += xi * columns[j](xs[row]);
                }

                normal[i, k] += xi * ys[row];
            }
        }

        return SolveInPlace(normal, k);
    }

    // Gauss–Jordan elimination with partial pivoting on the augmented normal equations.
    private static double[]? SolveInPlace(double[,] m, int k)
    {
        for (var col = 0; col < k; col++)
        {
            var pivot = col;
            for (var row = col + 1; row < k; row++)
            {
                if (Math.Abs(m[row, col]) > Math.Abs(m[pivot, col]))
                {
                    pivot = row;
                }
            }

            if (Math.Abs(m[pivot, col]) < 1e-12 * Math.Max(1, Math.Abs(m[col, col])))
            {
                return null;
            }

            for (var j = 0; j <= k; j++)
            {
                (m[col, j], m[pivot, j]) = (m[pivot, j], m[col, j]);
            }

            for (var row = 0; row < k; row++)
            {
                if (row == col)
                {
                    continue;
                }

                var factor = m[row, col] / m[col, col];
                for (var j = col; j <= k; j++)
                {
                    m[row, j] -= factor * m[col, j];
                }
            }
        }

        var solution = new double[k];
        for (var i = 0; i < k; i++)
        {
            solution[i] = m[i, k] / m[i, i];
        }

        return solution;
    }
}
