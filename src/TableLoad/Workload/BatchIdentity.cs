using System.Globalization;

namespace TableLoad.Workload;

/// <summary>
/// What identifies a batch's entities in the table: its partition, RowKey stem and nonce. Without a key space
/// the i-th RowKey is the stem and i in 3 digits; with one (<paramref name="KeySpace"/> &gt; 0) it is the stem and
/// key number (<paramref name="FirstKey"/> + i) mod KeySpace in <see cref="RowKeys.KeySpaceDigits"/> digits.
/// </summary>
internal readonly record struct BatchIdentity(string PartitionKey, string RowKeyStem, string Nonce, int FirstKey = 0, int KeySpace = 0)
{
    /// <summary>The number the i-th RowKey ends with.</summary>
    public int KeyNumber(int index) => KeySpace == 0 ? index : (FirstKey + index) % KeySpace;

    /// <summary>How many digits the number at the end of every RowKey has.</summary>
    public int KeyDigits => KeySpace == 0 ? RowKeys.IndexDigits : RowKeys.KeySpaceDigits;

    public string RowKey(int index) =>
        RowKeyStem + KeyNumber(index).ToString(KeySpace == 0 ? "D3" : "D8", CultureInfo.InvariantCulture);
}
