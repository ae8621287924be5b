import java.io.InputStream;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;

public class FilteredReader {
    Object read(InputStream in) throws Exception {
        ObjectInputStream ois = new ObjectInputStream(in);
        ois.setObjectInputFilter(ObjectInputFilter.Config.createFilter("com.example.dto.*;!*"));
        // ok: java.deserialization.object-input-stream
        return ois.readObject();
    }
}
